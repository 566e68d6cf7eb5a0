export interface LineIconProps {
  /** the path on the 24×24 grid */
  d: string;
  /** width and height in px */
  size: number;
  className?: string;
  /** 'hidden' keeps its place without drawing it (e.g. a check mark beside the options that are not chosen) */
  visibility?: 'hidden';
}

/** A line icon in the text's colour (one path, round 2-unit strokes). Decoration: hidden from assistive technology. */
export function LineIcon({ d, size, className, visibility }: LineIconProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" visibility={visibility}>
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
