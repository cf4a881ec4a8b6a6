namespace PerfAssert.Measurement;

/// <summary>The measurement could not be made: the operation threw, hung past its timeout, or a setting was unusable.</summary>
public sealed class PerfMeasurementException : Exception
{
    /// <summary>Creates the exception with a message that names the operation and what to do.</summary>
    public PerfMeasurementException(string message, Exception? innerException = null)
        : base(message, innerException)
    {
    }

    /// <summary>Creates the exception with no message.</summary>
    public PerfMeasurementException()
    {
    }

    /// <summary>Creates the exception with a message.</summary>
    public PerfMeasurementException(string message)
        : base(message)
    {
    }
}
