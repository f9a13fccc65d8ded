/**
 * Why a figure of the projection is what it is: the rule that produced it and the numbers it used,
 * so an advisor can defend each line ("minimum 5.28% of $412,000 at age 71 = $21,754").
 */
export interface Explanation {
  /** The rule's name and source, e.g. 'RRIF minimum withdrawal (Income Tax Regulations s. 7308)'. */
  rule: string;
  /** The calculation in words with its numbers, e.g. 'minimum 5.28% of $412,000 at age 71 = $21,754'. */
  text: string;
  /** The inputs the rule read, each with a label and a display value. */
  inputs: ExplanationInput[];
}

export interface ExplanationInput {
  label: string;
  value: string;
}

/** A money figure of the projection, in the projection's currency, to the cent, with its explanation where it has one. */
export interface Figure {
  /** A decimal string with two decimals, e.g. '21754.00'. */
  amount: string;
  explanation?: Explanation;
}
