import type { Forth } from './cycle-type-only';

export interface Back {
  forth?: Forth;
}
