import { twice } from './cycle-value';

export const half = (n: number): number => twice(n / 2);
