import { Link } from 'wouter';

export function NotFound() {
  return (
    <section className="section">
      <div className="container has-text-centered">
        <h1 className="title is-2">Page not found</h1>
        <p className="subtitle mt-2">There is no page at this address.</p>
        <Link href="/" className="button is-primary">
          Back to home
        </Link>
      </div>
    </section>
  );
}
