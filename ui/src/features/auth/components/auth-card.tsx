import type { ReactNode } from 'react';

/** The frame of the login and sign-up pages: a picture beside the form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="section">
      <div className="container">
        <div className="columns is-centered is-vcentered">
          <div className="column is-5-desktop is-hidden-touch">
            <img className="auth-picture" src="/images/lobby.svg" alt="" width={800} height={600} />
          </div>
          <div className="column is-5-desktop is-8-tablet">
            <div className="box">
              <h1 className="title is-3 has-text-centered">{title}</h1>
              {children}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
