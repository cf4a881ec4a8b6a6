using System.Reflection;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace PerfAssert.Functional.MessagePack.MvcProbe;

/// <summary>Accepts only the probe controller, internal as it is.</summary>
internal sealed class ProbeControllerFeatureProvider : ControllerFeatureProvider
{
    protected override bool IsController(TypeInfo typeInfo) => typeInfo.AsType() == typeof(MessagePackProbeController);
}
