/** What people and scripts are told about exporting and importing an organization as YAML. */
export const IMPORT_EXPORT_MESSAGES = {
  cannotExport: "You need admin role or higher to export the organization",
  cannotImport: "You need admin role or higher to import into the organization",
  fileRequired: "Send the YAML document as the request body (Content-Type: text/yaml)",
  fileTooLarge: (megabytes: number) => `The YAML document must be at most ${megabytes} MB`,
  notAMapping: "The document must be a mapping with version, commands, workflows and notificationRules",
  versionUnsupported: (supported: number) => `version must be ${supported}`,
  unknownField: (field: string) => `Unknown field "${field}"`,
  notAList: (field: string) => `${field} must be a list`,
  duplicateInFile: (kind: string, name: string) => `Two ${kind} in the file are named "${name}": names are keys`,
  duplicateInOrganization: (kind: string, name: string) =>
    `Two ${kind} in this organization are named "${name}": rename one before importing`,
  duplicateOnExport: (kind: string, names: readonly string[]) =>
    `Several ${kind} share a name (${names.map((name) => `"${name}"`).join(", ")}): names are the keys of an export, rename them first`,
  missingCommand: (name: string) => `No command named "${name}" in the file or the organization`,
  missingWorkflow: (name: string) => `No workflow named "${name}" in the file or the organization`,
  missingSecret: (name: string) => `The organization has no secret named ${name}: add it in Settings → Secrets first`,
  missingMember: (email: string) => `No member of the organization has the address ${email}`,
  missingRunner: (name: string) =>
    `The organization has no runner named ${name}: register it on the Runners page first`,
  stepOptionsDiffer: (name: string) =>
    `The command "${name}" appears twice with different options: a workflow keeps one set of options per command`,
  refused: (count: number) => `The file has ${count === 1 ? "1 error" : `${count} errors`}: nothing was imported`,
} as const;
