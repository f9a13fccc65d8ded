export { MergeAction } from './merge-action';
