-- A list kept by a CAF: readings is a top-level constant, so the cells sum
-- evaluates stay reachable from it while main still refers to it (for the
-- maximum at the end): the whole list is live at once.
module Main (main) where

readings :: [Double]
readings = [sin (fromIntegral k) * 100 | k <- [1 .. 1200000 :: Int]]

main :: IO ()
main = do
  print (sum readings)
  print (length (filter (> 50) readings))
  print (maximum readings)
