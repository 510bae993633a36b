import type { BehaviourRates } from './profile';
import { unitHash } from './random';

/**
 * A gateway's rare events: reboots, offline spells, DSL retrains. Each hour of time may hold one
 * event of a kind, decided by hashing the gateway's seed with the hour, so the schedule is a pure
 * function of time: the same whether the gateway reports every 5 minutes or every 2 hours.
 */

const slotSeconds = 3600;
const shortestSpellSeconds = 600;
const longestSpellSeconds = 4 * 3600;

export interface OfflineSpell {
  start: number;
  end: number;
  /** The power went: the gateway boots when the spell ends. */
  powerCut: boolean;
}

export class EventSchedule {
  constructor(
    private readonly seed: number,
    private readonly behaviour: BehaviourRates,
    /** Scales DSL retrains: a noisy pair retrains more often. */
    private readonly retrainScale = 1,
  ) {}

  isOnlineAt(epochSeconds: number): boolean {
    return this.offlineSpellAt(epochSeconds) === null;
  }

  offlineSpellAt(epochSeconds: number): OfflineSpell | null {
    const firstSlot = Math.floor((epochSeconds - longestSpellSeconds) / slotSeconds);
    for (let slot = firstSlot; slot <= Math.floor(epochSeconds / slotSeconds); slot += 1) {
      const spell = this.spellIn(slot);
      if (spell && spell.start <= epochSeconds && epochSeconds < spell.end) return spell;
    }
    return null;
  }

  /** Boot times in (from, to], oldest first: spontaneous reboots and ends of power cuts. */
  bootsIn(from: number, to: number): number[] {
    const boots: number[] = [];
    const firstSlot = Math.floor((from - longestSpellSeconds) / slotSeconds);
    for (let slot = firstSlot; slot <= Math.floor(to / slotSeconds); slot += 1) {
      const reboot = this.eventIn('reboot', slot, this.behaviour.rebootsPerDay);
      if (reboot !== null) boots.push(reboot);
      const spell = this.spellIn(slot);
      if (spell?.powerCut) boots.push(spell.end);
    }
    return boots.filter((boot) => boot > from && boot <= to).sort((a, b) => a - b);
  }

  /** The latest boot at or before `epochSeconds` within the look-back, if any. */
  lastBootBefore(epochSeconds: number, lookBackSeconds: number): number | null {
    return this.bootsIn(epochSeconds - lookBackSeconds, epochSeconds).at(-1) ?? null;
  }

  /** DSL retrain times in (from, to], oldest first. */
  retrainsIn(from: number, to: number): number[] {
    const retrains: number[] = [];
    for (
      let slot = Math.floor(from / slotSeconds);
      slot <= Math.floor(to / slotSeconds);
      slot += 1
    ) {
      const rate = this.behaviour.dslRetrainsPerDay * this.retrainScale;
      const retrain = this.eventIn('retrain', slot, rate);
      if (retrain !== null && retrain > from && retrain <= to) retrains.push(retrain);
    }
    return retrains;
  }

  /** The time of this hour's event of a kind, or null: at most one per hour, at `perDay` a day. */
  private eventIn(kind: string, slot: number, perDay: number): number | null {
    if (unitHash(this.seed, kind, slot) >= (perDay * slotSeconds) / 86_400) return null;
    return slot * slotSeconds + Math.floor(unitHash(this.seed, kind, 'at', slot) * slotSeconds);
  }

  private spellIn(slot: number): OfflineSpell | null {
    const start = this.eventIn('offline', slot, this.behaviour.offlineSpellsPerDay);
    if (start === null) return null;
    // Log-uniform length: many short spells, few long ones.
    const ratio = longestSpellSeconds / shortestSpellSeconds;
    const length = shortestSpellSeconds * ratio ** unitHash(this.seed, 'offline-length', slot);
    return {
      start,
      end: start + Math.round(length),
      powerCut: unitHash(this.seed, 'power-cut', slot) < this.behaviour.powerCutShare,
    };
  }
}
