/**
 * Line classes by TR-181-style wanType code (seed 000 section 3, seed 001 section 3):
 * 32 to 57 are DSL, 64 to 73 DOCSIS (cable), anything else is other.
 */
export type WanClass = 'dsl' | 'docsis' | 'other';

export function wanClassOf(wanType: number | null | undefined): WanClass {
  if (wanType == null) return 'other';
  if (wanType >= 32 && wanType <= 57) return 'dsl';
  if (wanType >= 64 && wanType <= 73) return 'docsis';
  return 'other';
}
