export function BrandLogo() {
  return (
    <span className="brand-logo">
      <svg className="brand-logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M6.5 20.5V10.5h12v10M18.5 14h4.2l3.3 3.4v3.1h-7.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
        <circle cx="11" cy="22" r="2.2" fill="#fff" />
        <circle cx="22.5" cy="22" r="2.2" fill="#fff" />
      </svg>
      <span className="brand-logo__name">Fragtbud</span>
    </span>
  );
}
