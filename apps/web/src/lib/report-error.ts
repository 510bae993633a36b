/**
 * Where the client logs a failure it also shows the user (seed 000 section 8: "logs status and
 * context"). The browser console is the only log a client has; nothing is sent anywhere.
 */
export function reportError(context: string, error: unknown): void {
  console.error(`[LineSight] ${context}`, error);
}
