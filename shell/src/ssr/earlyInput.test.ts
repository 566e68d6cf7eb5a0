import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EARLY_INPUT_SCRIPT_ID, replayEarlyInput, takeEarlyInput } from './earlyInput';

/** index.html's capture script, run in this document as the browser runs it before anything else. */
function installCapture() {
  const html = readFileSync(path.join(__dirname, '../index.html'), 'utf8');
  const script = new RegExp(`<script id="${EARLY_INPUT_SCRIPT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  if (!script) throw new Error('index.html has no early-input script');
  new Function(script)();
}

function page() {
  document.body.innerHTML =
    '<form id="f"><input id="amount"><button id="go" type="submit">Exchange</button></form><button id="theme" type="button">Theme</button>';
  return {
    form: document.getElementById('f') as HTMLFormElement,
    go: document.getElementById('go') as HTMLButtonElement,
    theme: document.getElementById('theme') as HTMLButtonElement,
  };
}

afterEach(() => {
  takeEarlyInput();
  document.body.innerHTML = '';
});

describe('input made before hydration', () => {
  it('a tap on a button before the app is live does nothing then, and happens once when the app is live', () => {
    installCapture();
    const { theme } = page();
    theme.click();
    theme.click();
    // "hydration": the app's handler arrives
    const clicks = jest.fn();
    theme.addEventListener('click', clicks);
    const early = takeEarlyInput();
    expect(clicks).not.toHaveBeenCalled();
    expect(replayEarlyInput(early)).toBe(1);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('a submit button tapped early submits through the app, not natively', () => {
    installCapture();
    const { form, go } = page();
    const submitted = jest.fn((e: Event) => e.preventDefault());
    go.click();
    // the capture stopped the native submission: no submit event yet
    form.addEventListener('submit', submitted);
    expect(submitted).not.toHaveBeenCalled();
    replayEarlyInput(takeEarlyInput());
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('a form submitted early (Enter in a field) is submitted again on replay', () => {
    installCapture();
    const { form } = page();
    const native = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(native);
    expect(native.defaultPrevented).toBe(true);
    const submitted = jest.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    replayEarlyInput(takeEarlyInput());
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('an element the hydration replaced is skipped, and after the capture stops every event is the page’s own', () => {
    installCapture();
    const { theme } = page();
    theme.click();
    theme.remove();
    const early = takeEarlyInput();
    expect(replayEarlyInput(early)).toBe(0);

    const again = page().theme;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    again.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('a page without the capture (client-rendered, or an older template) replays nothing', () => {
    expect(takeEarlyInput()).toEqual([]);
  });
});
