import type { Back } from './cycle-type-only-back';

export interface Forth {
  back?: Back;
}
