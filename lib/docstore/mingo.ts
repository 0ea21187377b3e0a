/** The mingo configuration: every operator, with the fixes that make it agree with MongoDB. */
import { ObjectId, type Document } from 'mongodb';
import { Context, evalExpr, ProcessingMode } from 'mingo/core';
import type { Iterator } from 'mingo/lazy';
import * as accumulatorOps from 'mingo/operators/accumulator';
import * as expressionOps from 'mingo/operators/expression';
import * as pipelineOps from 'mingo/operators/pipeline';
import * as projectionOps from 'mingo/operators/projection';
import * as queryOps from 'mingo/operators/query';
import * as windowOps from 'mingo/operators/window';
import type { Options } from 'mingo/types';

// mingo's $toString rejects ObjectIds and it has no $toObjectId, yet joining ids stored as
// strings with ObjectIds needs one of them.
const $toString = (obj: Document, expr: unknown, options: Options) => {
  const value = evalExpr(obj, expr, options);
  return value instanceof ObjectId ? value.toHexString() : expressionOps.$toString(obj, { $literal: value }, options);
};
const $toObjectId = (obj: Document, expr: unknown, options: Options) => {
  const value = evalExpr(obj, expr, options);
  if (value === null || value === undefined || value instanceof ObjectId) return value ?? null;
  if (typeof value === 'string' && /^[0-9a-f]{24}$/i.test(value)) return new ObjectId(value);
  throw new Error(`$toObjectId: cannot convert ${JSON.stringify(value)} to an ObjectId`);
};

// mingo lists a foreign document once per matching array element (an array holding the same
// id twice "joins" it twice); MongoDB lists it once. With localField AND a pipeline it runs
// the pipeline over the whole foreign collection: refuse that rather than answer wrongly.
const $lookup = (coll: Iterator, expr: Parameters<typeof pipelineOps.$lookup>[1], options: Options): Iterator => {
  if (expr.localField === undefined) return pipelineOps.$lookup(coll, expr, options);
  if (expr.pipeline?.length) throw new Error('$lookup with both localField and pipeline is not supported; use let + pipeline with $expr');
  return pipelineOps.$lookup(coll, expr, options).map((doc: Document) => ({ ...doc, [expr.as]: [...new Set(doc[expr.as] as Document[])] }));
};

// Ours are registered first because a Context keeps the first operator registered under a name.
const context = Context.init({ expression: { $toString, $toObjectId }, pipeline: { $lookup } })
  .addExpressionOps(expressionOps)
  .addAccumulatorOps(accumulatorOps)
  .addPipelineOps(pipelineOps)
  .addProjectionOps(projectionOps)
  .addQueryOps(queryOps)
  .addWindowOps(windowOps);

// mingo copies every operator of the context it is given for each query and each update, which
// was most of what a write cost: queries get the operators a filter or a projection can name
// (`$expr` takes accumulators as expressions: `$sum` of an array), updates none (they bring the few
// query operators `$pull`'s conditions use).
const queryContext = Context.init({ expression: { $toString, $toObjectId } })
  .addExpressionOps(expressionOps)
  .addAccumulatorOps(accumulatorOps)
  .addProjectionOps(projectionOps)
  .addQueryOps(queryOps);

/** Filters may be built from request data: never execute functions found in them. */
export const MINGO_OPTIONS: Partial<Options> = { context, scriptEnabled: false, processingMode: ProcessingMode.CLONE_OFF };
/** For filters, sorts and projections (find, findOne, the match of every write). */
export const QUERY_OPTIONS: Partial<Options> = { ...MINGO_OPTIONS, context: queryContext };
/** For update operators. */
export const UPDATE_OPTIONS: Partial<Options> = { scriptEnabled: false, processingMode: ProcessingMode.CLONE_OFF };
