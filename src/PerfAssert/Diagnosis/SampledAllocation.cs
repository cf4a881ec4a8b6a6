namespace PerfAssert.Diagnosis;

/// <summary>One allocation the runtime's allocation sampling picked: the object's type and size, and the method that allocated it.</summary>
internal sealed record SampledAllocation(string Type, string Method, long ObjectSize);
