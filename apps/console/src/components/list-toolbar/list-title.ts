/**
 * A list's title with its count (spec §2.3, §2.4, §2.9, §2.10): 'Blood Orders - 120 results'.
 * Past the server's counting cap the count is the cap and the title says so: 'Blood Orders -
 * 500+ results'. The name alone until the count arrives.
 */
export function listTitle(name: string, count: number | undefined, capped = false): string {
  if (count === undefined) return name;
  return `${name} - ${count}${capped ? '+' : ''} results`;
}
