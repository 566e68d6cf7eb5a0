import { Button } from 'remote-kit/ui';

/** The scan button at the end of an address or memo field (§2 QR scanner): opens the scanner dialog. */
export function ScanButton({ label, onClick, testId }: { label: string; onClick(): void; testId: string }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label={label} title={label} data-testid={testId}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3" strokeLinecap="round" />
        <path d="M8 8h3v3H8zM13 13h3v3h-3zM13 8h3M8 16h3" strokeLinecap="round" />
      </svg>
    </Button>
  );
}
