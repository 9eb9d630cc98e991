// types.ts: the shapes of the rules guide's API (docs/openapi.yaml,
// /api/rules/*), as package rules and server/rules_handlers.go send them.

/** Block is one block of a rule's text: exactly one field is set. */
export interface Block {
  p?: string;
  list?: string[];
  table?: string[][];
  action?: string;
}

/** SectionRef names a section. */
export interface SectionRef {
  id: string;
  title: string;
  summary: string;
}

/** Index is the guide's table of contents. */
export interface Index {
  lang: string;
  title: string;
  intro: Block[];
  sections: SectionRef[];
}

/** StepText is one step's words. */
export interface StepText {
  task: string;
  hint: string;
  praise: string;
}

/** ExerciseView is where an exercise starts and its steps' words. */
export interface ExerciseView {
  id: string;
  fen: string;
  lastMove?: { uci: string; san: string };
  orientation: 'white' | 'black';
  steps: StepText[];
}

/** RuleView is one rule of a section. */
export interface RuleView {
  id: string;
  title: string;
  body: Block[];
  exercise?: ExerciseView;
}

/** SectionView is a whole section. */
export interface SectionView {
  lang: string;
  id: string;
  title: string;
  summary: string;
  rules: RuleView[];
  prev?: SectionRef;
  next?: SectionRef;
}

/** MoveText is a legal move in both notations. */
export interface MoveText {
  uci: string;
  san: string;
}

/** PositionView is what the rules core says of a position. */
export interface PositionView {
  fen: string;
  turn: 'white' | 'black';
  check: boolean;
  legal: MoveText[];
  ending?: string;
  outcomeCode?: string;
}

/** Played is a legal move as the server describes it. */
export interface Played {
  uci: string;
  san: string;
  fen: string;
  check: boolean;
  mate: boolean;
  capture: boolean;
  enPassant: boolean;
  castle?: string;
  promotion?: string;
  ending?: string;
  outcomeCode?: string;
}

/** Refusal is the rules core's reason, in the page's language. */
export interface Refusal {
  code: string;
  reason: string;
  message: string;
  params?: Record<string, string>;
}

/** TryAnswer is the answer of POST /api/rules/try. */
export interface TryAnswer {
  legal: boolean;
  move?: Played;
  refusal?: Refusal;
  exercise?: { done: boolean; reply?: Played; next: number; finished: boolean };
  position: PositionView;
}
