// Two tests measure real allocations process-wide; nothing else in this assembly may allocate beside them.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
