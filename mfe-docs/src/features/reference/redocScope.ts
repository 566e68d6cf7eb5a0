// Scoping Redoc's global styles to its wrapper (`[data-redoc-scope]`, set by RedocView).
import type { ComponentProps } from 'react';
import type { StyleSheetManager } from 'styled-components';

const SCOPE = '[data-redoc-scope]';

/**
 * Redoc's global styles declare its variables on `:root` and its dark look on `html.dark` / `:root.dark` — and some of
 * its variable names are the site's own tokens (`--color-warning-text`, `--color-info-text`, `--color-success-text`),
 * which would recolour the shell while the reference is shown. This stylis middleware moves those selectors onto
 * Redoc's wrapper, so Redoc's variables and light/dark switch apply inside it only.
 */
export function scopeRedocSelector(selector: string): string {
  return selector.replace(/:root/g, SCOPE).replace(/(^|[\s,>+~(])html(?=[.:[\s]|$)/g, `$1${SCOPE}`);
}

type StylisElement = { type: string; props: string[] | string };
function scopeRedocGlobals(element: StylisElement): void {
  if (element.type === 'rule' && Array.isArray(element.props)) element.props = element.props.map(scopeRedocSelector);
}
type StylisPlugins = NonNullable<ComponentProps<typeof StyleSheetManager>['stylisPlugins']>;
export const REDOC_STYLIS_PLUGINS = [scopeRedocGlobals] as unknown as StylisPlugins;
