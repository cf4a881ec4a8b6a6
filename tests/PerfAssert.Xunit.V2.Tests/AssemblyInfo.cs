// Performance tests never run beside each other: one measurement at a time, and the test that points PERFASSERT_RESULTS
// at its own folder cannot catch another test's result.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
