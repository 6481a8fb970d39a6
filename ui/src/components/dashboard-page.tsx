import type { ReactNode } from 'react';

interface DashboardPageProps {
  /** The heading's id, which names the page's section (aria-labelledby). */
  id: string;
  title: string;
  children: ReactNode;
}

/** A dashboard page: a section named by its one h1. */
export function DashboardPage({ id, title, children }: DashboardPageProps) {
  return (
    <section aria-labelledby={id}>
      <h1 className="title is-3" id={id}>
        {title}
      </h1>
      {children}
    </section>
  );
}
