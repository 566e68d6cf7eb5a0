// The Coinferry mark: a rounded square in the brand blue with a white arrow over a wave (a ferry carrying coins
// across). The same drawing as shell/public/favicon.svg, which brand-images.mjs renders into the PNGs of §9.
import { useId } from 'react';

/** The brand blue: fixed in both themes (white on it is 5:1), so the mark looks the same everywhere. */
export const BRAND_COLOR = '#3b5bfd';

export const MARK_PATHS = ['M8.5 12.5h14.5M19 8l4.5 4.5L19 17', 'M6.5 22.5q3.5-3 7 0t7 0t5.5-1'] as const;

/**
 * The mark alone. With `label` it is an image with that accessible name; without, it is decoration
 * (next to the visible product name, so the name is not read twice).
 */
export function LogoMark({ size = 32, label, className }: { size?: number; label?: string; className?: string }) {
  const titleId = useId();
  const drawing = (
    <>
      <rect width="32" height="32" rx="8" fill={BRAND_COLOR} />
      <g fill="none" stroke="#fff" strokeWidth="2.75" strokeLinecap="round" strokeLinejoin="round">
        {MARK_PATHS.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </>
  );
  if (!label) {
    return (
      <svg className={className} xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width={size} height={size} focusable="false" aria-hidden="true">
        {drawing}
      </svg>
    );
  }
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      focusable="false"
      role="img"
      aria-labelledby={titleId}
    >
      <title id={titleId}>{label}</title>
      {drawing}
    </svg>
  );
}
