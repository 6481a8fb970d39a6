interface SectionTitleProps {
  heading: string;
  /** Ties the heading to its section (aria-labelledby). */
  id?: string;
  subheading?: string;
}

/** A centred section heading over a short divider. */
export function SectionTitle({ heading, id, subheading }: SectionTitleProps) {
  return (
    <header className="section-title has-text-centered">
      <h2 className="title is-3" id={id}>
        {heading}
      </h2>
      {subheading && <p className="subtitle is-6 has-text-grey">{subheading}</p>}
      <hr className="section-title-divider" aria-hidden="true" />
    </header>
  );
}
