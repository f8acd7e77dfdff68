import { mib } from "./stats";

/**
 * Where the bytes above idle were at a peak: the V8 heap, ArrayBuffers (alive or not yet collected), and the rest
 * (native: malloc arenas, compiled code), from process.memoryUsage() at idle and at the highest coarse sample.
 */
export function memoryBreakdown(idle: NodeJS.MemoryUsage, peak: NodeJS.MemoryUsage, every: string): string {
  const heap = peak.heapTotal - idle.heapTotal;
  const buffers = peak.arrayBuffers - idle.arrayBuffers;
  return `at the highest ${every} sample, ${mib(peak.rss - idle.rss)} above idle: V8 heap ${mib(heap)} (${mib(peak.heapUsed - idle.heapUsed)} of it in use), ArrayBuffers ${mib(buffers)}, the rest (native: malloc arenas, compiled code) ${mib(peak.rss - idle.rss - heap - buffers)}`;
}
