/**
 * The store's verification icon ("Store settings: cart and verification icons", set on /admin/website) shown
 * beside the company's or seller's name: an image whose alt text says what it means, so a screen reader announces it.
 * Renders nothing when the store has no icon.
 */
export function VerifiedBadge({ icon, label }: { icon: string | null | undefined; label: string }) {
  if (!icon) return null;
  return (
    <img
      className="verified-badge"
      src={icon}
      alt={label}
      title={label}
      width={20}
      height={20}
      data-testid="verified-badge"
    />
  );
}
