/**
 * Query cost, a simplified version of Shopify's calculated query cost
 * (https://shopify.dev/docs/api/usage/rate-limits#cost-calculation):
 *
 * - scalar and enum fields cost 0;
 * - an object, interface or union field costs 1 plus its selection;
 * - a connection (a type named `…Connection` with `first`/`last`) costs 2 + size × the cost of one node, where
 *   size is `first`/`last` for the requested cost and the number of nodes returned for the actual cost;
 *   `edges`, `pageInfo` and `cursor` are free;
 * - a list of objects costs like one object, except `nodes(ids:)`, which costs one object per id;
 * - every mutation field costs 10, whatever it selects.
 *
 * Fields reached through several fragments with the same response key are counted once, at the highest cost
 * (Shopify does the same for abstract types). The actual cost never exceeds the requested one; the difference
 * is refunded to the bucket, as Shopify does.
 */
import {
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "./graphql-js";

export const MUTATION_FIELD_COST = 10;
const CONNECTION_BASE_COST = 2;

interface CostContext {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

interface CollectedField {
  node: FieldNode;
  definition: GraphQLField<unknown, unknown>;
}

export function requestedQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const ctx: CostContext = { schema, fragments, variables };
  if (operation.operation === "mutation") {
    return collectFields(ctx, operation.selectionSet, schema.getMutationType()!).size * MUTATION_FIELD_COST;
  }
  return selectionCost(ctx, operation.selectionSet, schema.getQueryType()!);
}

export function actualQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  data: unknown,
): number {
  const ctx: CostContext = { schema, fragments, variables };
  if (operation.operation === "mutation") {
    return collectFields(ctx, operation.selectionSet, schema.getMutationType()!).size * MUTATION_FIELD_COST;
  }
  return Math.min(
    requestedQueryCost(schema, operation, fragments, variables),
    actualSelectionCost(ctx, operation.selectionSet, schema.getQueryType()!, data),
  );
}

/** Fields by response key, across fragments; each keeps the definition of the type it was selected on. */
function collectFields(
  ctx: CostContext,
  selectionSet: SelectionSetNode,
  parentType: GraphQLCompositeType,
  into: Map<string, CollectedField[]> = new Map(),
): Map<string, CollectedField[]> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith("__")) continue;
      const definition =
        isObjectType(parentType) || isInterfaceType(parentType)
          ? parentType.getFields()[selection.name.value]
          : undefined;
      if (!definition) continue;
      const key = selection.alias?.value ?? selection.name.value;
      into.set(key, [...(into.get(key) ?? []), { node: selection, definition }]);
      continue;
    }
    const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? ctx.fragments[selection.name.value] : selection;
    if (!fragment) continue;
    const condition = fragment.typeCondition ? ctx.schema.getType(fragment.typeCondition.name.value) : parentType;
    if (condition && isCompositeType(condition)) collectFields(ctx, fragment.selectionSet, condition, into);
  }
  return into;
}

function selectionCost(ctx: CostContext, selectionSet: SelectionSetNode, parentType: GraphQLCompositeType): number {
  let total = 0;
  for (const fields of collectFields(ctx, selectionSet, parentType).values()) {
    total += Math.max(...fields.map((field) => fieldCost(ctx, field)));
  }
  return total;
}

function fieldCost(ctx: CostContext, { node, definition }: CollectedField): number {
  const named = getNamedType(definition.type);
  if (isLeafType(named) || !node.selectionSet || !isCompositeType(named)) return 0;
  if (isConnection(named)) {
    const size = intArgument(ctx, node, "first") ?? intArgument(ctx, node, "last") ?? 0;
    return CONNECTION_BASE_COST + size * connectionNodeCost(ctx, node.selectionSet, named);
  }
  const objectCost = 1 + selectionCost(ctx, node.selectionSet, named);
  return objectCost * listMultiplier(ctx, node, definition.type);
}

/** The cost of one node of a connection: `edges { node { … } }` and `nodes { … }`, whichever is higher. */
function connectionNodeCost(
  ctx: CostContext,
  selectionSet: SelectionSetNode,
  connectionType: GraphQLCompositeType,
): number {
  let cost = 0;
  for (const fields of collectFields(ctx, selectionSet, connectionType).values()) {
    for (const { node, definition } of fields) {
      const named = getNamedType(definition.type);
      if (!node.selectionSet || !isCompositeType(named)) continue;
      if (definition.name === "nodes") cost = Math.max(cost, 1 + selectionCost(ctx, node.selectionSet, named));
      if (definition.name === "edges") {
        const edgeNode = collectFields(ctx, node.selectionSet, named).get("node") ?? [];
        for (const inner of edgeNode) cost = Math.max(cost, fieldCost(ctx, inner));
      }
    }
  }
  return cost;
}

function actualSelectionCost(
  ctx: CostContext,
  selectionSet: SelectionSetNode,
  parentType: GraphQLCompositeType,
  data: unknown,
): number {
  if (!data || typeof data !== "object") return 0;
  let total = 0;
  for (const [key, fields] of collectFields(ctx, selectionSet, parentType)) {
    const value = (data as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    total += Math.max(...fields.map((field) => actualFieldCost(ctx, field, value)));
  }
  return total;
}

function actualFieldCost(ctx: CostContext, { node, definition }: CollectedField, value: unknown): number {
  const named = getNamedType(definition.type);
  if (isLeafType(named) || !node.selectionSet || !isCompositeType(named)) return 0;
  if (isConnection(named)) {
    const connection = value as { nodes?: unknown[]; edges?: { node?: unknown }[] };
    let nodesCost = 0;
    for (const [key, fields] of collectFields(ctx, node.selectionSet, named)) {
      for (const { node: inner, definition: innerDefinition } of fields) {
        const innerNamed = getNamedType(innerDefinition.type);
        if (!inner.selectionSet || !isCompositeType(innerNamed)) continue;
        const items = (connection as Record<string, unknown>)[key];
        if (!Array.isArray(items)) continue;
        if (innerDefinition.name === "nodes") {
          nodesCost = Math.max(
            nodesCost,
            sum(items.map((item) => 1 + actualSelectionCost(ctx, inner.selectionSet!, innerNamed, item))),
          );
        }
        if (innerDefinition.name === "edges") {
          const edgeNode = collectFields(ctx, inner.selectionSet, innerNamed).get("node") ?? [];
          const costs = items.map((edge) =>
            Math.max(0, ...edgeNode.map((f) => actualFieldCost(ctx, f, (edge as { node?: unknown } | null)?.node))),
          );
          nodesCost = Math.max(nodesCost, sum(costs));
        }
      }
    }
    return CONNECTION_BASE_COST + nodesCost;
  }
  if (Array.isArray(value)) {
    const costs = value.map((item) =>
      item == null ? 0 : 1 + actualSelectionCost(ctx, node.selectionSet!, named, item),
    );
    return listMultiplier(ctx, node, definition.type) > 1 ? sum(costs) : Math.max(0, ...costs);
  }
  return 1 + actualSelectionCost(ctx, node.selectionSet, named, value);
}

function isConnection(type: GraphQLNamedType): boolean {
  return isObjectType(type) && type.name.endsWith("Connection") && "pageInfo" in type.getFields();
}

function listMultiplier(ctx: CostContext, node: FieldNode, type: GraphQLType): number {
  const unwrapped = isNonNullType(type) ? type.ofType : type;
  if (!isListType(unwrapped)) return 1;
  const ids = argumentValue(ctx, node, "ids");
  return Array.isArray(ids) ? ids.length : 1;
}

function intArgument(ctx: CostContext, node: FieldNode, name: string): number | undefined {
  const value = argumentValue(ctx, node, name);
  return typeof value === "number" ? value : undefined;
}

function argumentValue(ctx: CostContext, node: FieldNode, name: string): unknown {
  const argument = node.arguments?.find((a) => a.name.value === name);
  return argument ? literal(ctx, argument.value) : undefined;
}

function literal(ctx: CostContext, value: ValueNode): unknown {
  switch (value.kind) {
    case Kind.VARIABLE:
      return ctx.variables[value.name.value];
    case Kind.INT:
      return Number.parseInt(value.value, 10);
    case Kind.LIST:
      return value.values.map((v) => literal(ctx, v));
    case Kind.STRING:
      return value.value;
    default:
      return undefined;
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
