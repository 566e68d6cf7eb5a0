import { Fragment, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './Tabs.module.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** a navigation tab: rendered as a link */
  href?: string;
  /** the id of the panel this tab shows (aria-controls) */
  panelId?: string;
}

/** What a navigation tab's link gets from `renderLink`: spread it all onto the host's Link. */
export interface TabLinkProps {
  id: string;
  href: string;
  className: string;
  role: 'tab';
  'aria-selected': boolean;
  'aria-controls'?: string;
  tabIndex: number;
  onClick: () => void;
  onFocus: () => void;
  children: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** the selected tab's id */
  value: string;
  onChange?: (id: string) => void;
  ariaLabel: string;
  /** for link tabs: renders the host's router Link with these props (an `<a>` otherwise) */
  renderLink?: (item: TabItem, props: TabLinkProps) => ReactNode;
  /** the tab ids are `${id}-${item.id}` (a panel can point at its tab with aria-labelledby) */
  id?: string;
  className?: string;
  /** `segmented`: a few tabs sharing the row equally (a mode switch), never scrolling; `default` tabs scroll on a phone. */
  variant?: 'default' | 'segmented';
}

/**
 * A tab list with a roving tabindex: Tab enters at the selected tab, arrows/Home/End move between tabs. Button tabs
 * follow focus (the arrow selects); link tabs only move focus, Enter follows the link.
 */
export function Tabs({ items, value, onChange, ariaLabel, renderLink, id, className, variant = 'default' }: TabsProps) {
  const generated = useId();
  const prefix = id ?? generated;
  const listRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const stop = items.some((i) => i.id === focused) ? focused : items.some((i) => i.id === value) ? value : items[0]?.id;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((i) => i.id === stop);
    if (at < 0) return;
    const last = items.length - 1;
    const next = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const item = items[next];
    setFocused(item.id);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
    if (!item.href) onChange?.(item.id);
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={ariaLabel}
      className={[styles.list, variant === 'segmented' && styles.segmented, className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const selected = item.id === value;
        const common = {
          id: `${prefix}-${item.id}`,
          role: 'tab' as const,
          'aria-selected': selected,
          'aria-controls': item.panelId,
          tabIndex: item.id === stop ? 0 : -1,
          className: styles.tab,
          onClick: () => onChange?.(item.id),
          onFocus: () => setFocused(item.id),
        };
        if (item.href !== undefined) {
          const props: TabLinkProps = { ...common, href: item.href, children: item.label };
          return <Fragment key={item.id}>{renderLink ? renderLink(item, props) : <a {...props} />}</Fragment>;
        }
        return (
          <button key={item.id} type="button" {...common}>
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
