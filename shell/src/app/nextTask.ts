/** Ends the current task (issue 27): start-up runs as a few tasks under 50 ms on a phone instead of one long one, and
 * input that arrives meanwhile is handled in between. */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
