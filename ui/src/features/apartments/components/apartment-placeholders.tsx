/** The facts a card lists (serial, block, floor, rooms, rent, status): a placeholder holds as many rows. */
const factRows = 6;

/**
 * While the listing loads: cards of the real ones' shape (a 4:3 photo, the facts, the button row),
 * so nothing below them moves when they arrive. A spinner's short box there let the first card
 * push the footer out of a phone's screen: a layout shift of 0.72.
 */
export function ApartmentPlaceholders({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <>
      <p className="is-sr-only" role="status">
        {label}
      </p>
      <ul className="columns is-multiline" aria-hidden="true">
        {Array.from({ length: count }, (_, card) => (
          <li key={card} className="column is-full-mobile is-half-tablet is-one-third-desktop">
            <div className="card apartment-card is-placeholder">
              <div className="card-image">
                <figure className="image is-4by3">
                  <span className="has-ratio placeholder-fill" />
                </figure>
              </div>
              <div className="card-content">
                <p className="title is-5">&nbsp;</p>
                <dl className="apartment-facts">
                  {Array.from({ length: factRows }, (_, row) => (
                    <div key={row} className="placeholder-row">
                      <dt>&nbsp;</dt>
                      <dd>&nbsp;</dd>
                    </div>
                  ))}
                </dl>
              </div>
              <footer className="card-footer p-3">
                <span className="button is-static is-fullwidth">&nbsp;</span>
              </footer>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
