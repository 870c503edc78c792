const ratingFormat = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '4,5' — an average as the product shows it (one decimal, Danish comma). */
export function formatRating(value: number): string {
  return ratingFormat.format(value);
}

/** Stars out of 5, with a half star at .5 or more (spec section 5); the label says the number for screen readers. */
export function StarRating({ value }: { value: number }) {
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  return (
    <span className="fb-stars" role="img" aria-label={`${formatRating(value)} ud af 5 stjerner`}>
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < full ? 'fb-stars__star is-full' : i === full && half ? 'fb-stars__star is-half' : 'fb-stars__star'}>
          ★
        </span>
      ))}
    </span>
  );
}
