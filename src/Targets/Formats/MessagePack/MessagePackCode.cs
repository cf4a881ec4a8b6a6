namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>The format bytes of the MessagePack specification (github.com/msgpack/msgpack/blob/master/spec.md).</summary>
internal static class MessagePackCode
{
    public const byte MaxPositiveFixInt = 0x7f;
    public const byte MinFixMap = 0x80;
    public const byte MaxFixMap = 0x8f;
    public const byte MinFixArray = 0x90;
    public const byte MaxFixArray = 0x9f;
    public const byte MinFixStr = 0xa0;
    public const byte MaxFixStr = 0xbf;
    public const byte Nil = 0xc0;
    public const byte NeverUsed = 0xc1;
    public const byte False = 0xc2;
    public const byte True = 0xc3;
    public const byte Bin8 = 0xc4;
    public const byte Bin16 = 0xc5;
    public const byte Bin32 = 0xc6;
    public const byte Ext8 = 0xc7;
    public const byte Ext16 = 0xc8;
    public const byte Ext32 = 0xc9;
    public const byte Float32 = 0xca;
    public const byte Float64 = 0xcb;
    public const byte UInt8 = 0xcc;
    public const byte UInt16 = 0xcd;
    public const byte UInt32 = 0xce;
    public const byte UInt64 = 0xcf;
    public const byte Int8 = 0xd0;
    public const byte Int16 = 0xd1;
    public const byte Int32 = 0xd2;
    public const byte Int64 = 0xd3;
    public const byte FixExt1 = 0xd4;
    public const byte FixExt2 = 0xd5;
    public const byte FixExt4 = 0xd6;
    public const byte FixExt8 = 0xd7;
    public const byte FixExt16 = 0xd8;
    public const byte Str8 = 0xd9;
    public const byte Str16 = 0xda;
    public const byte Str32 = 0xdb;
    public const byte Array16 = 0xdc;
    public const byte Array32 = 0xdd;
    public const byte Map16 = 0xde;
    public const byte Map32 = 0xdf;
    public const byte MinNegativeFixInt = 0xe0;

    /// <summary>The extension type the specification reserves for timestamps.</summary>
    public const sbyte TimestampExtension = -1;

    /// <summary>Names a format byte for error messages, for example <c>str8 (0xd9)</c>.</summary>
    public static string Describe(byte code) => $"{Name(code)} (0x{code:x2})";

    private static string Name(byte code) => code switch
    {
        <= MaxPositiveFixInt => "positive fixint",
        <= MaxFixMap => "fixmap",
        <= MaxFixArray => "fixarray",
        <= MaxFixStr => "fixstr",
        >= MinNegativeFixInt => "negative fixint",
        Nil => "nil",
        NeverUsed => "never used",
        False or True => "bool",
        Bin8 => "bin8",
        Bin16 => "bin16",
        Bin32 => "bin32",
        Ext8 => "ext8",
        Ext16 => "ext16",
        Ext32 => "ext32",
        Float32 => "float32",
        Float64 => "float64",
        UInt8 => "uint8",
        UInt16 => "uint16",
        UInt32 => "uint32",
        UInt64 => "uint64",
        Int8 => "int8",
        Int16 => "int16",
        Int32 => "int32",
        Int64 => "int64",
        FixExt1 => "fixext1",
        FixExt2 => "fixext2",
        FixExt4 => "fixext4",
        FixExt8 => "fixext8",
        FixExt16 => "fixext16",
        Str8 => "str8",
        Str16 => "str16",
        Str32 => "str32",
        Array16 => "array16",
        Array32 => "array32",
        Map16 => "map16",
        _ => "map32",
    };
}
