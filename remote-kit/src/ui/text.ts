import styles from './Text.module.css';

/** The classes of a page's running text: `text`, `lead`, `muted`, `actions` (a row of buttons) and `notice`. */
export const textStyles = styles;
