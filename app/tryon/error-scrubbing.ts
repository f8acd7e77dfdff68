/** The client's public operations throw nothing that holds the API key. */
import { TryOnError } from "./errors";

/**
 * Wraps an operation so that every TryOnError it throws has the key taken out of its fields. Last line of
 * defence: whatever text reached an error (an id, a service message), the key leaves it.
 */
export function makeErrorScrubber(redact: (text: string) => string) {
  const scrub = (value: unknown): unknown => {
    if (typeof value === "string") return redact(value);
    if (Array.isArray(value)) return value.map(scrub);
    if (value !== null && typeof value === "object" && !(value instanceof Error)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item)]));
    }
    return value;
  };
  return <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await operation(...args);
      } catch (error) {
        if (error instanceof TryOnError) {
          for (const name of Object.getOwnPropertyNames(error)) {
            const descriptor = Object.getOwnPropertyDescriptor(error, name);
            if (descriptor && "value" in descriptor) {
              Object.defineProperty(error, name, { ...descriptor, value: scrub(descriptor.value) });
            }
          }
        }
        throw error;
      }
    };
}
