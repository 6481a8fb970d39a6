import { SectionTitle } from '../../../components/section-title.tsx';

export function AboutSection() {
  return (
    <section className="section" aria-labelledby="about-title">
      <SectionTitle id="about-title" heading="About Our Building" />
      <div className="container content is-medium about-text">
        <p>
          Gulshan Heights is a home as much as an address. Neighbours meet in our community spaces: a bright
          lounge for quiet reading and remote work, a children's play room, and a multipurpose hall for
          birthdays, Eid gatherings and residents' meetings. Around-the-clock security, backup power and two
          lifts keep daily life calm and easy.
        </p>
        <p>
          On the top floor, the rooftop garden offers shaded seating, planters of herbs and flowering shrubs,
          and wide views over Gulshan Lake at sunset. Downstairs, a fully equipped fitness center with cardio
          machines, free weights and a yoga corner is open to every resident from early morning until late at
          night.
        </p>
      </div>
    </section>
  );
}
