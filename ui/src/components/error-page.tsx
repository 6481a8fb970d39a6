interface ErrorPageProps {
  onBackHome: () => void;
}

/** The root error page: something broke while showing a route. */
export function ErrorPage({ onBackHome }: ErrorPageProps) {
  return (
    <section className="hero is-fullheight">
      <div className="hero-body">
        <div className="container has-text-centered">
          <h1 className="title is-2">Something went wrong!</h1>
          <p className="subtitle mt-2">The page could not be shown. Please try again.</p>
          <button type="button" className="button is-primary" onClick={onBackHome}>
            Back to home
          </button>
        </div>
      </div>
    </section>
  );
}
