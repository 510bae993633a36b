import { half } from './cycle-value-back';

export const twice = (n: number): number => (n > 100 ? n : half(n * 4));
