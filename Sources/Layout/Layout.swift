// `Layout` stage of the pipeline; see docs/architecture.md.
