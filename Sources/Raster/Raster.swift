// `Raster` stage of the pipeline; see docs/architecture.md.
