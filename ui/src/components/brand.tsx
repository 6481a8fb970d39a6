/** The product's name: two words, the second highlighted. */
export function Brand() {
  return (
    <span className="brand">
      <img src="/images/logo.svg" alt="" width={32} height={32} className="brand-logo" />
      <span className="brand-text">
        Gulshan <span className="brand-highlight">Heights</span>
      </span>
    </span>
  );
}
