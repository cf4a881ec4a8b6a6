// Performance tests never run concurrently with each other: one measurement at a time, on a quiet process.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
