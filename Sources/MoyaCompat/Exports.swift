// `import Moya` brought the provider, the targets and the built-in plugins; `import
// CourierMoyaCompat` brings their Courier counterparts, so that the import line is the only
// one a file changes.
@_exported import Courier
@_exported import CourierPlugins
