import type { Arith } from '../shared/arith.js';

/**
 * A figure and its rate of change along one direction (forward-mode differentiation): running the
 * tax rules on these gives a tax and its marginal rate in one evaluation, with the rules still
 * written once over `Arith`. Every comparison reads the figure a hair along the direction (the
 * value first, then the slope), so at a kink the branch taken is the one the direction leads
 * into and the slope is that side's.
 */
export interface Sloped {
  readonly value: number;
  readonly slope: number;
}

const sloped = (value: number, slope: number): Sloped => ({ value, slope });
const ZERO = sloped(0, 0);

/**
 * How far along the direction the nearest comparison made since `startWalk` turns (its two sides
 * cross). The rules bend only where a comparison turns (a bracket, a phase-out, a minimum or a
 * maximum), so the figures stay linear at least that far: the split search walks from turn to turn.
 */
let nearestTurn = Number.POSITIVE_INFINITY;

/** Below this distance a crossing is the one just passed, in float noise. */
const PASSED = 1e-7;

export function startWalk(): void {
  nearestTurn = Number.POSITIVE_INFINITY;
}

export function distanceToTurn(): number {
  return nearestTurn;
}

/** a - b, read a hair along the direction: the value, then (on equal values) the slope. */
function compare(a: Sloped, b: Sloped): number {
  const difference = a.value - b.value;
  const closing = a.slope - b.slope;
  if ((difference < 0 && closing > 0) || (difference > 0 && closing < 0)) {
    const distance = -difference / closing;
    if (distance > PASSED && distance < nearestTurn) nearestTurn = distance;
  }
  return difference !== 0 ? difference : closing;
}

/**
 * Floats with a slope. Rounding keeps the value unrounded: the split search looks for the kinks of
 * the tax's piecewise linear shape, which cent steps would blur; the split it picks is then priced
 * on the caller's own (rounded) arithmetic.
 */
export const SlopeArith: Arith<Sloped> = {
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
};

/** A fixed figure (no slope). */
export const flat = (value: number): Sloped => sloped(value, 0);
/** The variable itself, moving along `direction` (+1 rightward, -1 leftward). */
export const moving = (value: number, direction: number): Sloped => sloped(value, direction);
