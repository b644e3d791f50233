/** The part of madge's programmatic API (it ships no types) that import-graph.test.ts uses. */
declare module "madge" {
  interface MadgeResult {
    circular(): string[][];
    obj(): Record<string, string[]>;
  }
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, unknown>;
  }
  export default function madge(path: string, config?: MadgeConfig): Promise<MadgeResult>;
}
