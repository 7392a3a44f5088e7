-- The reference decode of an eventlog: ghc-events (the library GHC's own
-- tools use) reads it, and this prints the events hp2ps-ng draws, one a
-- line, tab-separated, in file order (a backslash, tab or newline in a
-- field written \\, \t, \n). Built and run by make-real-ghc.sh
-- inside the chroot of the GHC that wrote the log; never by the tests.
module Main (main) where

import GHC.RTS.Events
import System.Environment (getArgs)
import System.Exit (exitFailure)
import System.IO
import Numeric (showHex)
import Data.List (intercalate)
import qualified Data.Text as T
import qualified Data.Vector.Unboxed as VU

main :: IO ()
main = do
  [file] <- getArgs
  hSetEncoding stdout utf8
  r <- readEventLogFromFile file
  case r of
    Left err -> hPutStrLn stderr (file ++ ": " ++ err) >> exitFailure
    Right (EventLog _ (Data events)) -> mapM_ (line . dump) events
  where line = maybe (return ()) (putStrLn . intercalate "\t" . map (concatMap escape))
        escape '\\' = "\\\\"
        escape '\t' = "\\t"
        escape '\n' = "\\n"
        escape c = [c]

dump :: Event -> Maybe [String]
dump e = case evSpec e of
  HeapProfBegin {heapProfBreakdown = b, heapProfSamplingPeriod = p} -> Just ["begin", show b, show p]
  HeapProfCostCentre {heapProfCostCentreId = i, heapProfLabel = l, heapProfModule = m, heapProfSrcLoc = s} ->
    Just ["cc", show i, T.unpack l, T.unpack m, T.unpack s]
  HeapProfSampleBegin {} -> Just ["sample", show (evTime e)]
  HeapBioProfSampleBegin {heapProfSampleTime = t} -> Just ["bio", show t]
  HeapProfSampleEnd {} -> Just ["end"]
  HeapProfSampleString {heapProfLabel = l, heapProfResidency = r} -> Just ["string", T.unpack l, show r]
  HeapProfSampleCostCentre {heapProfStack = s, heapProfResidency = r} ->
    Just ["stack", unwords (map show (VU.toList s)), show r]
  InfoTableProv {itInfo = a, itTableName = n, itClosureDesc = c, itTyDesc = t, itLabel = l, itModule = m, itSrcLoc = s} ->
    Just ["ipe", "0x" ++ showHex a "", T.unpack n, show c, T.unpack t, T.unpack l, T.unpack m, T.unpack s]
  UserMarker {markername = n} -> Just ["mark", show (evTime e), T.unpack n]
  _ -> Nothing
