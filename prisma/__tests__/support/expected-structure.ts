// The PostgreSQL structure that `prisma migrate` would create for a datamodel: table, column,
// enum, index and constraint names, types and actions, following Prisma's documented mapping
// and naming conventions for PostgreSQL.
import type { ColumnStructure, ForeignKeyStructure, IndexStructure, Structure } from './database-structure.js';
import type { Datamodel, DatamodelField, DatamodelIndex, DatamodelModel } from './schema-datamodel.js';

/** What a column's default should be; matched against PostgreSQL's stored expression. */
export type ExpectedDefault =
  | { kind: 'none' }
  | { kind: 'autoincrement' }
  | { kind: 'now' }
  | { kind: 'value'; value: string }
  /** Present, content not compared (dbgenerated(), lists, dates, bytes). */
  | { kind: 'any' };

export type ExpectedStructure = Structure<ExpectedDefault>;

/** Column types Prisma uses for scalar types without a @db.* attribute. */
const DEFAULT_COLUMN_TYPES: Record<string, string> = {
  String: 'text',
  Boolean: 'boolean',
  Int: 'integer',
  BigInt: 'bigint',
  Float: 'double precision',
  Decimal: 'numeric(65,30)',
  DateTime: 'timestamp(3) without time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
};

/** @db.* native types → format_type() spelling; args are the attribute's arguments. */
const NATIVE_COLUMN_TYPES: Record<string, (args: string[]) => string> = {
  Text: () => 'text',
  Char: (args) => `character(${args[0] ?? 1})`,
  VarChar: (args) => withArgs('character varying', args),
  Bit: (args) => `bit(${args[0] ?? 1})`,
  VarBit: (args) => withArgs('bit varying', args),
  Uuid: () => 'uuid',
  Xml: () => 'xml',
  Inet: () => 'inet',
  Citext: () => 'citext',
  Boolean: () => 'boolean',
  SmallInt: () => 'smallint',
  Integer: () => 'integer',
  BigInt: () => 'bigint',
  Oid: () => 'oid',
  Real: () => 'real',
  DoublePrecision: () => 'double precision',
  Decimal: (args) => withArgs('numeric', args),
  Money: () => 'money',
  Date: () => 'date',
  Timestamp: (args) => `${withArgs('timestamp', args)} without time zone`,
  Timestamptz: (args) => `${withArgs('timestamp', args)} with time zone`,
  Time: (args) => `${withArgs('time', args)} without time zone`,
  Timetz: (args) => `${withArgs('time', args)} with time zone`,
  Json: () => 'json',
  JsonB: () => 'jsonb',
  ByteA: () => 'bytea',
};

const PRISMA_ACTIONS: Record<string, string> = {
  Cascade: 'CASCADE',
  Restrict: 'RESTRICT',
  NoAction: 'NO ACTION',
  SetNull: 'SET NULL',
  SetDefault: 'SET DEFAULT',
};

/** PostgreSQL truncates identifiers to 63 bytes; Prisma shortens the part before the suffix. */
const MAX_IDENTIFIER_LENGTH = 63;

export function expectedStructure(datamodel: Datamodel): ExpectedStructure {
  const models = new Map(datamodel.models.map((model) => [model.name, model]));
  const enumValues = new Map(
    datamodel.enums.map((e) => [e.name, new Map(e.values.map((v) => [v.name, v.dbName ?? v.name]))]),
  );
  const enumNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const structure: ExpectedStructure = {
    enums: new Map(datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)])),
    tables: new Map(),
  };
  for (const model of datamodel.models) {
    const columns = new Map(
      model.fields
        .filter((field) => field.kind !== 'object')
        .map((field) => [columnName(field), expectedColumn(field, enumNames, enumValues)]),
    );
    const indexes = datamodel.indexes.filter((index) => index.model === model.name);
    const idIndex = indexes.find((index) => index.type === 'id');
    structure.tables.set(tableName(model), {
      columns,
      primaryKey: idIndex ? expectedIndex(model, idIndex) : null,
      indexes: new Map(
        indexes
          .filter((index) => index.type !== 'id')
          .map((index) => expectedIndex(model, index))
          .map((index) => [index.name, index]),
      ),
      foreignKeys: model.fields.flatMap((field) => expectedForeignKey(model, field, models)),
    });
  }
  return structure;
}

function tableName(model: DatamodelModel): string {
  return model.dbName ?? model.name;
}

function columnName(field: DatamodelField): string {
  return field.dbName ?? field.name;
}

function columnOf(model: DatamodelModel, fieldName: string): string {
  const field = model.fields.find((candidate) => candidate.name === fieldName);
  if (!field) throw new Error(`${model.name} has no field ${fieldName}`);
  return columnName(field);
}

function expectedColumn(
  field: DatamodelField,
  enumNames: Map<string, string>,
  enumValues: Map<string, Map<string, string>>,
): ColumnStructure<ExpectedDefault> {
  const type = field.kind === 'unsupported' ? null : baseColumnType(field, enumNames);
  return {
    type: type === null || !field.isList ? type : `${type}[]`,
    // Prisma creates list columns without NOT NULL, even though the field is never null.
    nullable: field.isList || !field.isRequired,
    default: expectedDefault(field, enumValues.get(field.type)),
  };
}

function baseColumnType(field: DatamodelField, enumNames: Map<string, string>): string {
  if (field.kind === 'enum') return enumNames.get(field.type) ?? field.type;
  if (field.nativeType) {
    const [name, args] = field.nativeType;
    const render = NATIVE_COLUMN_TYPES[name];
    if (!render) throw new Error(`@db.${name} is not mapped yet: add it to NATIVE_COLUMN_TYPES in ${import.meta.url}`);
    return render(args);
  }
  const type = DEFAULT_COLUMN_TYPES[field.type];
  if (!type) throw new Error(`Prisma type ${field.type} is not mapped yet: add it to DEFAULT_COLUMN_TYPES`);
  return type;
}

function withArgs(type: string, args: string[]): string {
  return args.length > 0 ? `${type}(${args.join(',')})` : type;
}

function expectedDefault(field: DatamodelField, enumValues: Map<string, string> | undefined): ExpectedDefault {
  if (!field.hasDefaultValue || field.default === undefined) return { kind: 'none' };
  const value = field.default;
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'name' in value) {
    switch ((value as { name: string }).name) {
      case 'autoincrement':
        return { kind: 'autoincrement' };
      case 'now':
        return { kind: 'now' };
      case 'dbgenerated':
        // PostgreSQL stores the expression re-printed (casts, parentheses); only its presence is checked.
        return { kind: 'any' };
      default:
        // uuid(), cuid(), nanoid(), ulid() ... are generated by the client: no database default.
        return { kind: 'none' };
    }
  }
  if (Array.isArray(value) || field.type === 'DateTime' || field.type === 'Bytes') return { kind: 'any' };
  const text = String(value);
  return { kind: 'value', value: enumValues?.get(text) ?? text };
}

function expectedIndex(model: DatamodelModel, index: DatamodelIndex): IndexStructure {
  const columns = index.fields.map((field) => columnOf(model, field.name));
  if (index.type === 'fulltext') throw new Error(`${model.name}: full-text indexes do not exist on PostgreSQL`);
  const suffix = { id: 'pkey', unique: 'key', normal: 'idx' }[index.type];
  const defaultName =
    index.type === 'id' ? `${tableName(model)}_pkey` : constraintName([tableName(model), ...columns], suffix);
  return {
    name: index.dbName ?? defaultName,
    unique: index.type !== 'normal',
    method: index.algorithm?.toLowerCase() ?? 'btree',
    columns: index.fields.map((field, i) => (field.sortOrder === 'desc' ? `${columns[i]} DESC` : `${columns[i]}`)),
    predicate: null,
  };
}

/** Prisma's default name: parts joined by "_", shortened so that "_<suffix>" still fits in 63 bytes. */
function constraintName(parts: string[], suffix: string): string {
  const base = parts.join('_');
  return `${base.slice(0, MAX_IDENTIFIER_LENGTH - suffix.length - 1)}_${suffix}`;
}

/**
 * The foreign key a relation field with `fields:` creates. Names are not compared: the DMMF does
 * not carry `@relation(map: ...)`, so a custom name could not be told from drift.
 */
function expectedForeignKey(
  model: DatamodelModel,
  field: DatamodelField,
  models: Map<string, DatamodelModel>,
): ForeignKeyStructure[] {
  if (field.kind !== 'object' || !field.relationFromFields?.length) return [];
  const target = models.get(field.type);
  if (!target) throw new Error(`${model.name}.${field.name} refers to unknown model ${field.type}`);
  // Prisma's defaults: SET NULL for an optional relation, RESTRICT for a required one; CASCADE on update.
  const onDelete = field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull');
  const onUpdate = field.relationOnUpdate ?? 'Cascade';
  return [
    {
      columns: field.relationFromFields.map((name) => columnOf(model, name)),
      referencedTable: tableName(target),
      referencedColumns: (field.relationToFields ?? []).map((name) => columnOf(target, name)),
      onDelete: PRISMA_ACTIONS[onDelete] ?? onDelete,
      onUpdate: PRISMA_ACTIONS[onUpdate] ?? onUpdate,
    },
  ];
}
