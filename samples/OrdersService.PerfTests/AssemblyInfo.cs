// begin-snippet: no-parallel
// Performance tests never run at the same time as each other: one measurement at a time, on a quiet process.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
// end-snippet
