/** A count with its noun, singular for one: "1 memory", "12 memories". */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
