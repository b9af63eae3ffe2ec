export declare const WORKSPACE_MANIFEST: string;
export type Manifest = Record<string, unknown>;
export type Catalogs = Record<string, Record<string, string>>;
export declare function findWorkspaceRoot(dir: string): string;
export declare function readWorkspaceFile(root: string): { packages: string[]; catalog: Record<string, string> };
export declare function readCatalogs(root: string): Catalogs;
export declare function readWorkspaceVersions(root: string): Record<string, string>;
export declare function publishedManifest(
  manifest: Manifest,
  context: { catalogs: Catalogs; workspaceVersions: Record<string, string> },
): Manifest;
export declare function entryFiles(manifest: Manifest): string[];
export declare function writePublishedManifest(packageDir: string): Manifest;
export declare function restoreWorkspaceManifest(packageDir: string): void;
export declare function publisherProblem(userAgent?: string): string | null;
