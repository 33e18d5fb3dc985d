// The part of autocannon 9's API that bench/run.ts uses (the package ships no types).
declare module 'autocannon' {
  type TOptions = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  };
  type THistogram = { average: number; mean: number; p50: number; p99: number; total: number };
  export type TResult = {
    requests: THistogram;
    latency: THistogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export default function autocannon(options: TOptions): Promise<TResult>;
}
