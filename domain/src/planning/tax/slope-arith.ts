import type { Arith } from '../shared/arith.js';

/**
 * A figure and its rate of change as one input moves up (forward-mode differentiation): running the
 * tax rules on these gives a tax and its marginal rate in one evaluation, with the rules still
 * written once over `Arith`. Every comparison reads the figures a hair further along (the value
 * first, then on equal values the slope), so at a kink the branch taken is the one beyond it and
 * the slope is that side's.
 */
export interface Sloped {
  readonly value: number;
  readonly slope: number;
}

const sloped = (value: number, slope: number): Sloped => ({ value, slope });
const ZERO = sloped(0, 0);

/** Below this distance a crossing is the one just passed, in float noise. */
const PASSED = 1e-7;

/**
 * Floats with a slope, which also track how far the input can move before any comparison made
 * since `restart` turns (its two sides cross). The rules bend only where a comparison turns (a
 * bracket, a phase-out, a minimum or a maximum), so the figures stay linear at least that far: a
 * search can walk from turn to turn. Rounding keeps the value unrounded: cent steps would blur
 * the kinks; a split found this way is priced on the caller's own (rounded) arithmetic.
 */
export interface SlopeArith extends Arith<Sloped> {
  /** Forgets the turns seen so far. */
  restart(): void;
  /** How far the input can move before the nearest comparison since `restart` turns. */
  distanceToTurn(): number;
}

export function slopeArith(): SlopeArith {
  let nearestTurn = Number.POSITIVE_INFINITY;
  /** a - b, read a hair further along: the value, then (on equal values) the slope. */
  const compare = (a: Sloped, b: Sloped): number => {
    const difference = a.value - b.value;
    const closing = a.slope - b.slope;
    if ((difference < 0 && closing > 0) || (difference > 0 && closing < 0)) {
      const distance = -difference / closing;
      if (distance > PASSED && distance < nearestTurn) nearestTurn = distance;
    }
    return difference !== 0 ? difference : closing;
  };
  return {
    kind: 'float',
    of: (value) => sloped(typeof value === 'number' ? value : Number(value.toString()), 0),
    zero: ZERO,
    add: (a, b) => sloped(a.value + b.value, a.slope + b.slope),
    sub: (a, b) => sloped(a.value - b.value, a.slope - b.slope),
    mul: (a, b) => sloped(a.value * b.value, a.slope * b.value + a.value * b.slope),
    div: (a, b) => sloped(a.value / b.value, (a.slope * b.value - a.value * b.slope) / (b.value * b.value)),
    min: (a, b) => (compare(a, b) <= 0 ? a : b),
    max: (a, b) => (compare(a, b) >= 0 ? a : b),
    gt: (a, b) => compare(a, b) > 0,
    gte: (a, b) => compare(a, b) >= 0,
    lt: (a, b) => compare(a, b) < 0,
    lte: (a, b) => compare(a, b) <= 0,
    isZero: (a) => a.value === 0 && a.slope === 0,
    isPositive: (a) => compare(a, ZERO) > 0,
    isNegative: (a) => compare(a, ZERO) < 0,
    round: (a) => a,
    toNumber: (a) => a.value,
    toString: (a) => String(a.value),
    restart: () => {
      nearestTurn = Number.POSITIVE_INFINITY;
    },
    distanceToTurn: () => nearestTurn,
  };
}

/** A fixed figure (no slope). */
export const flat = (value: number): Sloped => sloped(value, 0);
/** The input itself, moving up. */
export const moving = (value: number): Sloped => sloped(value, 1);
